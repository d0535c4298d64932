//// The showdown page, rendered for each request: a layout that wraps the index view, which
//// renders each member through a partial. Gleam has no template engine that its web apps
//// commonly use; they write their HTML as Gleam functions over a string builder, as here, so the
//// structure is checked by the compiler. `escape` HTML-escapes every value taken from the request.

import gleam/list
import gleam/string
import gleam/string_builder.{type StringBuilder}

pub type Member {
  Member(name: String)
}

const members = [
  Member("Chris McCord"),
  Member("Matt Sears"),
  Member("David Stump"),
  Member("Ricardo Thompson"),
]

pub fn render(title: String) -> StringBuilder {
  layout(index(title, members))
}

fn layout(content: StringBuilder) -> StringBuilder {
  string_builder.from_strings([
    "<!DOCTYPE html>
<html lang=\"en\">
  <head>
    <meta charset=\"utf-8\">
    <meta http-equiv=\"X-UA-Compatible\" content=\"IE=edge\">
    <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">
    <meta name=\"description\" content=\"\">
    <meta name=\"author\" content=\"\">
    <title>Hello Phoenix!</title>
  </head>
  <body>
    <div class=\"container\">
      <div class=\"header\">
        <ul class=\"nav nav-pills pull-right\">
          <li><a href=\"https://github.com/phoenixframework/phoenix\">Get Started</a></li>
        </ul>
        <span class=\"logo\"></span>
      </div>
",
  ])
  |> string_builder.append_builder(content)
  |> string_builder.append(
    "      <div class=\"footer\">
        <p><a href=\"http://phoenixframework.org\">phoenixframework.org</a></p>
      </div>
    </div>
  </body>
</html>
",
  )
}

fn index(title: String, members: List(Member)) -> StringBuilder {
  string_builder.from_strings([
    "      <div class=\"jumbotron\">
        <h2>Welcome to Phoenix!</h2>
        <p class=\"lead\">Phoenix is an Elixir Web Framework targeting full-featured, fault tolerant applications with realtime functionality.</p>
      </div>
      <div class=\"row marketing\">
        <div class=\"col-lg-6\">
          <h4>Resources: ",
    escape(title),
    "</h4>
          <ul>
            <li><a href=\"http://api.phoenixframework.org/\">Docs</a></li>
            <li><a href=\"https://github.com/phoenixframework/phoenix\">Source</a></li>
          </ul>
        </div>
        <div class=\"col-lg-6\">
          <h4>Help</h4>
          <ul>
            <li><a href=\"https://github.com/phoenixframework/phoenix/issues?state=open\">Issues</a></li>
            <li><a href=\"irc://irc.freenode.net/elixir-lang\">#elixir-lang on freenode IRC</a></li>
            <li><a href=\"https://twitter.com/chris_mccord\">@chris_mccord</a></li>
          </ul>
          <h4>Team Members</h4>
          <ul>
",
  ])
  |> string_builder.append_builder(
    string_builder.concat(list.map(members, member)),
  )
  |> string_builder.append(
    "          </ul>
        </div>
      </div>
",
  )
}

/// The member partial.
fn member(member: Member) -> StringBuilder {
  string_builder.from_strings([
    "            <li><b>Name:</b> ",
    escape(member.name),
    "</li>\n",
  ])
}

/// HTML-escapes the five characters that matter in text and attribute values; `&` first, so the
/// entities written after it stay as they are.
pub fn escape(value: String) -> String {
  value
  |> string.replace("&", "&amp;")
  |> string.replace("<", "&lt;")
  |> string.replace(">", "&gt;")
  |> string.replace("\"", "&quot;")
  |> string.replace("'", "&#39;")
}
