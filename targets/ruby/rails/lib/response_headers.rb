# Puma sends neither a Date nor a Server header, and the contract wants both on every response
# (404s and 413s too), so this Rack middleware sits outermost.
require 'time'

class ResponseHeaders
  def initialize(app, server)
    @app = app
    @server = server
  end

  def call(env)
    status, headers, body = @app.call(env)
    headers['Date'] ||= Time.now.httpdate
    headers['Server'] ||= @server
    [status, headers, body]
  end
end
