# POST /user: the request's body, byte for byte, with its Content-Type. An API controller: raw
# bytes from any client, so there is no CSRF token to check.
class EchoController < ActionController::API
  # The scenario contract's cap on an echoed body (docs/scenarios.md, S2): larger bodies get 413.
  MAX_ECHO_BODY_BYTES = 40_000_000

  def create
    return head(:payload_too_large) if request.content_length.to_i > MAX_ECHO_BODY_BYTES

    # A chunked body has no Content-Length: read one byte past the cap to tell that it is over.
    body = request.body.read(MAX_ECHO_BODY_BYTES + 1) || ''
    return head(:payload_too_large) if body.bytesize > MAX_ECHO_BODY_BYTES

    # send_data keeps the type as given; render would append "; charset=utf-8" to it.
    send_data body, type: request.headers['Content-Type'].presence || 'application/octet-stream',
                    disposition: 'inline'
  end
end
