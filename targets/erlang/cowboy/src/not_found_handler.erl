%% Any request that no other route takes, for every method: 404 with a text body (the last route
%% of showdown_routes).
-module(not_found_handler).
-behaviour(cowboy_handler).

-export([init/2]).

init(Req, State) ->
    {ok, showdown_reply:not_found(Req), State}.
