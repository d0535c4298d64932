defmodule Showdown.Templates do
  @moduledoc """
  The showdown page from EEx templates compiled into functions (`EEx.function_from_file/5`) with
  the escaping `Showdown.HTMLEngine`: the `layout` wraps the `index` view, which renders the
  `member` partial for each team member. Rendered for every request.
  """

  require EEx

  @templates Path.join(__DIR__, "templates")

  for name <- [:layout, :index, :member] do
    file = Path.join(@templates, "#{name}.html.eex")
    @external_resource file
    EEx.function_from_file(:def, name, file, [:assigns], engine: Showdown.HTMLEngine)
  end

  @doc "The page for a title and the team, as HTML."
  @spec showdown_page(String.t(), [%{name: String.t()}]) :: String.t()
  def showdown_page(title, members) do
    {:safe, html} = layout(inner_content: index(title: title, members: members))
    html
  end
end
