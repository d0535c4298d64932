defmodule ShowdownWeb.EchoController do
  @moduledoc """
  The `/echo` routes of the spock-scotty scenario. Phoenix's router has no constraints on a
  segment, so `digits` checks its capture (`Showdown.Digits`) and hands anything else to the
  action fallback, which answers 404.
  """

  use ShowdownWeb, :controller

  alias Showdown.Digits

  action_fallback ShowdownWeb.FallbackController

  def hello_world(conn, _params), do: text(conn, "Hello World")

  def plain(conn, %{"param" => param}), do: text(conn, param)

  def digits(conn, %{"digits" => digits}) do
    if Digits.digits?(digits), do: text(conn, digits), else: {:error, :not_found}
  end
end
