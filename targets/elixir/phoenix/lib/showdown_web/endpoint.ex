defmodule ShowdownWeb.Endpoint do
  @moduledoc """
  The endpoint: a Server header (Bandit writes Date and Content-Length, not Server), then the
  router. Left out of what Phoenix's generator plugs here: `Plug.Parsers`, which would read the
  body of `POST /user` before the echo can, and `Plug.Telemetry`, `Plug.RequestId`,
  `Plug.Session`, `Plug.Static` and the code reloader, which this app does not use and which would
  only add work to every request.
  """

  use Phoenix.Endpoint, otp_app: :showdown_phoenix

  plug :server_header
  plug ShowdownWeb.Router

  defp server_header(conn, _opts), do: Plug.Conn.put_resp_header(conn, "server", "Bandit")
end
