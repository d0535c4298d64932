defmodule ShowdownWeb.UserController do
  @moduledoc """
  `GET /user/:id` and the echo of `POST /user`: the request's body, byte for byte, with its
  Content-Type as sent (application/octet-stream when it has none), or 413 past the cap
  (`Showdown.BodyLimit`). The endpoint has no `Plug.Parsers`, so the body is still unread here.
  """

  use ShowdownWeb, :controller

  alias Showdown.BodyLimit

  def show(conn, %{"id" => id}), do: text(conn, id)

  def echo(conn, _params) do
    if BodyLimit.declared_over?(conn |> get_req_header("content-length") |> List.first()) do
      too_large(conn)
    else
      # read_body stops once it has read `length` bytes and says there is more; a chunked body
      # may also come back whole and longer, hence the size check.
      case read_body(conn, length: BodyLimit.read_length()) do
        {:ok, body, conn} ->
          if BodyLimit.over?(byte_size(body)), do: too_large(conn), else: send_echo(conn, body)

        {:more, _partial, conn} ->
          too_large(conn)

        {:error, _reason} ->
          conn |> put_status(:bad_request) |> text("Bad Request")
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
    conn |> put_status(:request_entity_too_large) |> text("Request Entity Too Large")
  end
end
