# The showdown app on Sinatra, as Sinatra's README writes one: a modular app, its router (a regex
# route for /echo/regex), ERB views with a layout and a partial (Erubi escaping every <%= %>),
# and JSON from Ruby's json library. config.ru mounts it; puma.rb runs it.
require 'sinatra/base'
require 'json'
require_relative 'raw_body'

class ShowdownApp < Sinatra::Base
  # The scenario contract's cap on an echoed body (docs/scenarios.md, S2): larger bodies get 413.
  MAX_ECHO_BODY_BYTES = 40_000_000

  # The team rendered by the member partial on every page.
  MEMBERS = [
    { name: 'Chris McCord' },
    { name: 'Matt Sears' },
    { name: 'David Stump' },
    { name: 'Ricardo Thompson' },
  ].freeze

  configure do
    set :root, __dir__
    # Escape every <%= %> (Sinatra hands this to Erubi); <%== %> marks the already-rendered HTML.
    set :erb, escape_html: true
    set :logging, false
    set :show_exceptions, false
  end

  # POST /user echoes raw bytes: keep Rack from parsing them as a form first.
  use RawBody, '/user'

  # Routes match in the order they are defined, so the static ones win over /:title.
  get '/' do
    content_type :text
    ''
  end

  get '/plaintext' do
    content_type :text
    'Hello, World!'
  end

  get '/json' do
    content_type :json
    JSON.generate(message: 'Hello, World!')
  end

  get '/echo/hello-world' do
    content_type :text
    'Hello World'
  end

  get '/echo/plain/:param' do
    content_type :text
    params[:param]
  end

  # Sinatra anchors a regex route at both ends; the capture arrives as a block argument.
  get %r{/echo/regex/([0-9]+)} do |digits|
    content_type :text
    digits
  end

  get '/user/:id' do
    content_type :text
    params[:id]
  end

  post '/user' do
    halt 413, 'Request Entity Too Large' if request.content_length.to_i > MAX_ECHO_BODY_BYTES
    # A chunked body has no Content-Length: read one byte past the cap to tell that it is over.
    body_bytes = request.body.read(MAX_ECHO_BODY_BYTES + 1) || ''
    halt 413, 'Request Entity Too Large' if body_bytes.bytesize > MAX_ECHO_BODY_BYTES
    # The header as sent: the content_type helper would add a charset to text types.
    headers 'Content-Type' => request.content_type || 'application/octet-stream'
    body_bytes
  end

  get '/:title' do
    erb :index, locals: { title: params[:title], members: MEMBERS }
  end
end
