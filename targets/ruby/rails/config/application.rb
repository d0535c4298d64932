# A minimal Rails app: Action Controller and Action View only (no database, no asset pipeline,
# no mailers or jobs), loaded from the system's gems without Bundler.
require 'rails'
require 'action_controller/railtie'
require 'action_view/railtie'

require_relative '../lib/raw_body'
require_relative '../lib/response_headers'

module Showdown
  class Application < Rails::Application
    config.load_defaults 6.1
    config.root = File.expand_path('..', __dir__)

    # POST /user echoes raw bytes: keep Rack (and Rack::MethodOverride) from parsing them as a form.
    config.middleware.insert_before 0, RawBody, '/user'
    # Outermost, so that every response, 404s included, has Date and Server.
    config.middleware.insert_before 0, ResponseHeaders, 'Rails'
  end
end
