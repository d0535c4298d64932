%% GET of a fixed text: the route's state is the body (/, /plaintext, /echo/hello-world).
-module(text_handler).
-behaviour(cowboy_handler).

-export([init/2]).

init(Req = #{method := <<"GET">>}, Body) ->
    {ok, showdown_reply:text(Body, Req), Body};
init(Req, Body) ->
    {ok, showdown_reply:method_not_allowed(Req), Body}.
