defmodule ShowdownWeb.FallbackController do
  @moduledoc "What an action returns instead of a response (`action_fallback`): 404 for `{:error, :not_found}`."

  use ShowdownWeb, :controller

  def call(conn, {:error, :not_found}) do
    conn |> put_status(:not_found) |> text("Not Found")
  end
end
