defmodule ShowdownBandit.Endpoint do
  @moduledoc """
  The Plug that Bandit serves: a Server header, which Bandit does not write (it writes Date and
  Content-Length), then the showdown router that the plug target serves on Cowboy.
  """

  use Plug.Builder

  plug :server_header
  plug Showdown.Router

  defp server_header(conn, _opts), do: put_resp_header(conn, "server", "Bandit")
end
