defmodule Showdown.Router do
  @moduledoc """
  The showdown app as a `Plug.Router`, as Plug's docs write one: `plug :match` and
  `plug :dispatch`, routes tried in the order they are defined (so the static ones come before
  `/:title`), a catch-all 404, and `Plug.ErrorHandler` so that an exception answers with its status
  (400 for a malformed path) instead of a bare 500. Path parameters arrive decoded.

  Nothing is plugged before the routes: no `Plug.Parsers` (`POST /user` reads its raw body
  itself) and no `Plug.Logger` (no request log). The server in front (Cowboy for the plug target,
  Bandit for the bandit one) writes Date and Content-Length; Cowboy also writes Server.
  """

  use Plug.Router
  use Plug.ErrorHandler

  alias Showdown.{BodyLimit, Digits, Page, Templates}

  plug :match
  plug :dispatch

  get "/" do
    text(conn, "")
  end

  get "/plaintext" do
    text(conn, "Hello, World!")
  end

  get "/json" do
    conn
    |> put_resp_content_type("application/json")
    |> send_resp(200, Jason.encode_to_iodata!(%{message: "Hello, World!"}))
  end

  get "/echo/hello-world" do
    text(conn, "Hello World")
  end

  get "/echo/plain/:param" do
    text(conn, param)
  end

  # Plug.Router has no regex routes, and a guard cannot look at every byte of a segment: the
  # route checks its capture and answers as an unmatched route would when it is not digits.
  get "/echo/regex/:digits" do
    if Digits.digits?(digits), do: text(conn, digits), else: not_found(conn)
  end

  get "/user/:id" do
    text(conn, id)
  end

  post "/user" do
    echo(conn)
  end

  get "/:title" do
    conn
    |> put_resp_content_type("text/html")
    |> send_resp(200, Templates.showdown_page(title, Page.members()))
  end

  match _ do
    not_found(conn)
  end

  # Answers with the request's body, byte for byte, and its Content-Type as sent
  # (application/octet-stream when it has none); 413 past the cap (Showdown.BodyLimit).
  defp echo(conn) do
    if BodyLimit.declared_over?(conn |> get_req_header("content-length") |> List.first()) do
      too_large(conn)
    else
      # Plug's read_body stops once it has read `length` bytes and says there is more; a chunked
      # body may also come back whole and longer, hence the size check.
      case read_body(conn, length: BodyLimit.read_length()) do
        {:ok, body, conn} ->
          if BodyLimit.over?(byte_size(body)), do: too_large(conn), else: send_echo(conn, body)

        {:more, _partial, conn} ->
          too_large(conn)

        {:error, _reason} ->
          conn |> put_resp_content_type("text/plain") |> send_resp(400, "Bad Request")
      end
    end
  end

  defp send_echo(conn, body) do
    content_type =
      conn |> get_req_header("content-type") |> List.first() || "application/octet-stream"

    # put_resp_header, not put_resp_content_type: the type goes back exactly as it came.
    conn |> put_resp_header("content-type", content_type) |> send_resp(200, body)
  end

  defp too_large(conn) do
    conn |> put_resp_content_type("text/plain") |> send_resp(413, "Request Entity Too Large")
  end

  defp not_found(conn) do
    conn |> put_resp_content_type("text/plain") |> send_resp(404, "Not Found")
  end

  defp text(conn, body) do
    conn |> put_resp_content_type("text/plain") |> send_resp(200, body)
  end

  @impl Plug.ErrorHandler
  def handle_errors(conn, %{kind: _kind, reason: _reason, stack: _stack}) do
    conn
    |> put_resp_content_type("text/plain")
    |> send_resp(conn.status, Plug.Conn.Status.reason_phrase(conn.status))
  end
end
