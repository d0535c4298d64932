defmodule ShowdownWeb.PageHTML do
  @moduledoc "The page's templates: the `index` view and the `member` partial it renders for each member."

  use ShowdownWeb, :html

  embed_templates "page_html/*"
end
