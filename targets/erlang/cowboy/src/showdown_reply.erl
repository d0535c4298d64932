%% The replies that several handlers share.
-module(showdown_reply).

-export([text/2, not_found/1, method_not_allowed/1]).

text(Body, Req) ->
    cowboy_req:reply(200, #{<<"content-type">> => <<"text/plain; charset=utf-8">>}, Body, Req).

not_found(Req) ->
    cowboy_req:reply(404, #{<<"content-type">> => <<"text/plain; charset=utf-8">>}, <<"Not Found">>, Req).

method_not_allowed(Req) ->
    Allow = case cowboy_req:path(Req) of
        <<"/user">> -> <<"POST">>;
        _ -> <<"GET">>
    end,
    cowboy_req:reply(405, #{<<"allow">> => Allow, <<"content-type">> => <<"text/plain; charset=utf-8">>},
                     <<"Method Not Allowed">>, Req).
