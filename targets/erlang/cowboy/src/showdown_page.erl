%% The showdown page in Mustache (bbmustache): priv/templates/layout.mustache wraps the index view,
%% which renders each member through the member partial ({{> member}}, read from member.mustache
%% beside it). The templates are parsed once at start and kept in persistent_term; they are
%% rendered for every request. {{title}} and {{name}} are HTML-escaped by bbmustache; the layout's
%% {{{body}}} takes the rendered view as it is.
-module(showdown_page).

-export([load/0, render/1]).

-define(KEY, {?MODULE, templates}).

members() ->
    [#{name => N} || N <- [<<"Chris McCord">>, <<"Matt Sears">>, <<"David Stump">>, <<"Ricardo Thompson">>]].

%% Parses the templates; fails the application's start when one is missing or malformed.
load() ->
    Dir = filename:join(code:priv_dir(showdown_cowboy), "templates"),
    Layout = bbmustache:parse_file(filename:join(Dir, "layout.mustache")),
    Index = bbmustache:parse_file(filename:join(Dir, "index.mustache")),
    persistent_term:put(?KEY, {Layout, Index}).

render(Title) ->
    {Layout, Index} = persistent_term:get(?KEY),
    Body = bbmustache:compile(Index, #{title => Title, members => members()}, [{key_type, atom}]),
    bbmustache:compile(Layout, #{body => Body}, [{key_type, atom}]).
