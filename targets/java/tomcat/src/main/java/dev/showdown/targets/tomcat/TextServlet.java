package dev.showdown.targets.tomcat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** GET routes answering {@code text/plain; charset=utf-8}; a {@code null} body means 404. */
abstract class TextServlet extends HttpServlet {
    static final String TEXT_PLAIN_UTF8 = "text/plain; charset=utf-8";

    abstract String body(HttpServletRequest request);

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String body = body(request);
        if (body == null) {
            response.sendError(HttpServletResponse.SC_NOT_FOUND);
            return;
        }
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        response.setContentType(TEXT_PLAIN_UTF8);
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }

    static final class Plaintext extends TextServlet {
        @Override
        String body(HttpServletRequest request) {
            return "Hello, World!";
        }
    }

    static final class HelloWorld extends TextServlet {
        @Override
        String body(HttpServletRequest request) {
            return "Hello World";
        }
    }

    static final class Empty extends TextServlet {
        @Override
        String body(HttpServletRequest request) {
            return "";
        }
    }

    /** Mapped to {@code /echo/plain/*}. */
    static final class PlainEcho extends TextServlet {
        @Override
        String body(HttpServletRequest request) {
            return PathSegments.single(request);
        }
    }

    /** Mapped to {@code /echo/regex/*}; the servlet API has no regex mappings, so a Pattern checks the segment. */
    static final class RegexEcho extends TextServlet {
        private static final Pattern DIGITS = Pattern.compile("[0-9]+");

        @Override
        String body(HttpServletRequest request) {
            String segment = PathSegments.single(request);
            return segment != null && DIGITS.matcher(segment).matches() ? segment : null;
        }
    }
}
