# Rack parses the body of a POST that has no Content-Type (or a form type) into params, and
# Sinatra and Rails ask for params before any route runs. An echo of arbitrary bytes must not be
# parsed as a form: random bytes hold '&' and bad '%' escapes, which Rack rejects. This middleware
# marks such a request's form as already parsed (empty), so the route reads the raw body instead.
class RawBody
  def initialize(app, path)
    @app = app
    @path = path
  end

  def call(env)
    if env['REQUEST_METHOD'] == 'POST' && env['PATH_INFO'] == @path
      # Rack's Request#POST trusts its cached form_hash while form_input is this very input.
      env['rack.request.form_input'] = env['rack.input']
      env['rack.request.form_hash'] = {}
    end
    @app.call(env)
  end
end
