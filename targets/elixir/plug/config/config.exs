import Config

# Production logging: warnings and errors only. Nothing logs per request: no Plug.Logger is
# plugged, and Cowboy's start line is at info.
config :logger, level: :warning
