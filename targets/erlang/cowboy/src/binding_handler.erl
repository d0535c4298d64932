%% GET of a path segment, answered as text: the route's state names the binding
%% (/echo/plain/:param, /echo/regex/:param, /user/:id).
-module(binding_handler).
-behaviour(cowboy_handler).

-export([init/2]).

init(Req = #{method := <<"GET">>}, Binding) ->
    {ok, showdown_reply:text(cowboy_req:binding(Binding, Req), Req), Binding};
init(Req, Binding) ->
    {ok, showdown_reply:method_not_allowed(Req), Binding}.
