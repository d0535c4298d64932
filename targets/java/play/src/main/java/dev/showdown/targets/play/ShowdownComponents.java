package dev.showdown.targets.play;

import java.util.List;
import play.ApplicationLoader;
import play.mvc.EssentialFilter;
import play.routing.Router;
import play.routing.RoutingDsl;
import play.routing.RoutingDslComponentsFromContext;

/** Wires the application: the routes, the body parser they share, and no HTTP filters. */
final class ShowdownComponents extends RoutingDslComponentsFromContext {

    ShowdownComponents(ApplicationLoader.Context context) {
        super(context);
    }

    @Override
    public Router router() {
        RawBodyParser bodyParser =
                new RawBodyParser(httpErrorHandler(), httpConfiguration(), scalaBodyParsers());
        return ShowdownRoutes.build(new RoutingDsl(bodyParser));
    }

    /**
     * No filters: the benchmark has no browser sessions, forms or allowed-hosts list, so CSRF,
     * security-header and allowed-hosts filters would only add work that the seeds' Play app did
     * not do either.
     */
    @Override
    public List<EssentialFilter> httpFilters() {
        return List.of();
    }
}
