package dev.showdown.targets.play;

import play.Application;
import play.ApplicationLoader;

/**
 * Play's entry point for compile-time dependency injection: {@code play.application.loader} in
 * application.conf names this class, and Play's production launcher ({@code ProdServerStart})
 * calls it once at start-up.
 */
public final class ShowdownLoader implements ApplicationLoader {

    @Override
    public Application load(Context context) {
        return new ShowdownComponents(context).application();
    }
}
