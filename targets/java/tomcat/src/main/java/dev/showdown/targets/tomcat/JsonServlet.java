package dev.showdown.targets.tomcat;

import java.io.IOException;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** {@code GET /json}: a fresh {@link Message} serialised by Jackson for every request. */
final class JsonServlet extends HttpServlet {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    record Message(String message) {
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        byte[] json = MAPPER.writeValueAsBytes(new Message("Hello, World!"));
        response.setContentType("application/json");
        response.setContentLength(json.length);
        response.getOutputStream().write(json);
    }
}
