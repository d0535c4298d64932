defmodule ShowdownWeb.HelloController do
  @moduledoc "`GET /` (empty), `/plaintext` and `/json` (Jason, through Phoenix's `json/2`)."

  use ShowdownWeb, :controller

  def empty(conn, _params), do: text(conn, "")

  def plaintext(conn, _params), do: text(conn, "Hello, World!")

  def message(conn, _params), do: json(conn, %{message: "Hello, World!"})
end
