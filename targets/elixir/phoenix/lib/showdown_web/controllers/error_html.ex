defmodule ShowdownWeb.ErrorHTML do
  @moduledoc """
  The error pages (`render_errors` in config/config.exs): the status's reason phrase, as the pages
  of a Phoenix 1.7 app without templates for them are ("Not Found" for 404.html).
  """

  def render(template, _assigns), do: Phoenix.Controller.status_message_from_template(template)
end
