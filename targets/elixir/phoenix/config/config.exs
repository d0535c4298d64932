import Config

# The endpoint as Phoenix 1.7's generator configures one for production, less what this app does
# not use (no assets, sessions, sockets or live reload, so no secret_key_base). The port is read
# when the release boots (config/runtime.exs).
config :showdown_phoenix, ShowdownWeb.Endpoint,
  adapter: Bandit.PhoenixAdapter,
  url: [host: "localhost"],
  # What a release needs to start the HTTP server (the generator's PHX_SERVER=true).
  server: true,
  # An exception, and a request that no route matches, are answered with ErrorHTML's page.
  render_errors: [formats: [html: ShowdownWeb.ErrorHTML], layout: false]

config :phoenix, :json_library, Jason

# No request log: Phoenix.Logger, which logs every request at info, is not attached at all.
config :phoenix, :logger, false

# Production logging: warnings and errors only.
config :logger, level: :warning
