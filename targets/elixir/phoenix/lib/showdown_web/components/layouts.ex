defmodule ShowdownWeb.Layouts do
  @moduledoc "The layout (`app`) that the controllers render their views in (`layouts:` in `ShowdownWeb.controller/0`)."

  use ShowdownWeb, :html

  embed_templates "layouts/*"
end
