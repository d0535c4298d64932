package dev.showdown.targets.spark;

import com.google.gson.Gson;
import spark.ResponseTransformer;

/** Spark's documented way to return JSON: a route returns an object, Gson renders it. */
final class JsonTransformer implements ResponseTransformer {
    private final Gson gson = new Gson();

    @Override
    public String render(Object model) {
        return gson.toJson(model);
    }
}
