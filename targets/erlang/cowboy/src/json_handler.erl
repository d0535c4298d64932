%% GET /json: a map serialised by jsx for each request.
-module(json_handler).
-behaviour(cowboy_handler).

-export([init/2]).

init(Req = #{method := <<"GET">>}, State) ->
    Body = jsx:encode(#{<<"message">> => <<"Hello, World!">>}),
    {ok, cowboy_req:reply(200, #{<<"content-type">> => <<"application/json">>}, Body, Req), State};
init(Req, State) ->
    {ok, showdown_reply:method_not_allowed(Req), State}.
