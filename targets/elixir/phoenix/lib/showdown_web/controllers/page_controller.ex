defmodule ShowdownWeb.PageController do
  @moduledoc """
  The phoenix-showdown page: `render/3` renders `ShowdownWeb.PageHTML.index/1` inside the
  controller's layout (`ShowdownWeb.Layouts.app/1`), for every request.
  """

  use ShowdownWeb, :controller

  def showdown(conn, %{"title" => title}) do
    render(conn, :index, title: title, members: Showdown.Page.members())
  end
end
