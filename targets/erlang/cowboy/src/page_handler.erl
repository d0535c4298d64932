%% GET /:title: the showdown page, rendered for each request by showdown_page.
-module(page_handler).
-behaviour(cowboy_handler).

-export([init/2]).

init(Req = #{method := <<"GET">>}, State) ->
    Page = showdown_page:render(cowboy_req:binding(title, Req)),
    {ok, cowboy_req:reply(200, #{<<"content-type">> => <<"text/html; charset=utf-8">>}, Page, Req), State};
init(Req, State) ->
    {ok, showdown_reply:method_not_allowed(Req), State}.
