import Config

# Read when the release boots: the endpoint listens on the address in HOST (127.0.0.1 when unset;
# a server agent sets 0.0.0.0, for load from other hosts) and the port in PORT (8080 when unset),
# as every target does (Showdown.Listen says the same for the Plug targets; runtime.exs runs
# before the app is started, so it parses the values itself). A bad value is one line on stderr
# and exit 2.
ip =
  case :inet.parse_address(String.to_charlist(System.get_env("HOST", "127.0.0.1"))) do
    {:ok, ip} ->
      ip

    {:error, _} ->
      IO.puts(:stderr, "phoenix: HOST is not an IP address: #{inspect(System.get_env("HOST"))}")
      System.halt(2)
  end

port =
  case Integer.parse(System.get_env("PORT", "8080")) do
    {port, ""} when port in 1..65_535 ->
      port

    _ ->
      IO.puts(:stderr, "phoenix: PORT is not a port number: #{inspect(System.get_env("PORT"))}")
      System.halt(2)
  end

config :showdown_phoenix, ShowdownWeb.Endpoint, http: [ip: ip, port: port]
