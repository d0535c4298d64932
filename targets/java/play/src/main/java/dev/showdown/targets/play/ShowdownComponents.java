package dev.showdown.targets.play;

import java.util.List;
import play.ApplicationLoader;
import play.mvc.EssentialFilter;
import play.routing.Router;
import play.routing.RoutingDsl;
import play.routing.RoutingDslComponentsFromContext;

/** Wires the application: the routes, the body parser they share, and no HTTP filters. */
final class ShowdownComponents extends RoutingDslComponentsFromContext {

    /**
     * Built once. Play's request handler asks {@code router()} for the router on every request
     * (so that a development-mode reload can swap it), so building it in {@code router()} would
     * rebuild the routes, their regexes and the body parser per request.
     */
    private final Router router;

    ShowdownComponents(ApplicationLoader.Context context) {
        super(context);
        RawBodyParser bodyParser =
                new RawBodyParser(httpErrorHandler(), httpConfiguration(), scalaBodyParsers());
        router = ShowdownRoutes.build(new RoutingDsl(bodyParser));
    }

    @Override
    public Router router() {
        return router;
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
