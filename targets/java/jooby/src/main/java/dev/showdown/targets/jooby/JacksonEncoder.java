package dev.showdown.targets.jooby;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.jooby.Context;
import io.jooby.MediaType;
import io.jooby.MessageEncoder;
import io.jooby.buffer.DataBuffer;

/**
 * Writes route results as JSON with Jackson, the job of Jooby's {@code jooby-jackson} module
 * (which the package registry reachable here does not serve for Jooby 3.11.5).
 */
final class JacksonEncoder implements MessageEncoder {

    private final ObjectMapper mapper = new ObjectMapper();

    @Override
    public DataBuffer encode(Context ctx, Object value) throws Exception {
        ctx.setDefaultResponseType(MediaType.json);
        return ctx.getBufferFactory().wrap(mapper.writeValueAsBytes(value));
    }
}
