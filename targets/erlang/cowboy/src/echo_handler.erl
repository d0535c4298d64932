%% POST /user: the request's body, byte for byte, with its Content-Type (application/octet-stream
%% when it has none). Cowboy has no body-size limit of its own: a declared length over the cap is
%% refused before reading, and a chunked body is read piece by piece with cowboy_req:read_body/2
%% and refused as soon as it passes the cap.
-module(echo_handler).
-behaviour(cowboy_handler).

-export([init/2]).

%% The scenario contract's cap on an echoed body (docs/scenarios.md, S2): larger bodies get 413.
-define(MAX_BODY_BYTES, 40000000).

init(Req0 = #{method := <<"POST">>}, State) ->
    Req = case cowboy_req:body_length(Req0) of
        Declared when is_integer(Declared), Declared > ?MAX_BODY_BYTES -> too_large(Req0);
        _ -> echo(read_capped(Req0, [], 0))
    end,
    {ok, Req, State};
init(Req, State) ->
    {ok, showdown_reply:method_not_allowed(Req), State}.

echo({ok, Body, Req}) ->
    ContentType = cowboy_req:header(<<"content-type">>, Req, <<"application/octet-stream">>),
    cowboy_req:reply(200, #{<<"content-type">> => ContentType}, Body, Req);
echo({too_large, Req}) ->
    too_large(Req).

too_large(Req) ->
    cowboy_req:reply(413, #{<<"content-type">> => <<"text/plain; charset=utf-8">>},
                     <<"Request Entity Too Large">>, Req).

%% Reads in pieces of at most 1 MB, so a body over the cap is never held whole.
read_capped(Req0, Acc, Size) ->
    {Status, Data, Req} = cowboy_req:read_body(Req0, #{length => 1000000}),
    case Size + byte_size(Data) of
        Total when Total > ?MAX_BODY_BYTES -> {too_large, Req};
        Total when Status =:= more -> read_capped(Req, [Acc, Data], Total);
        _ -> {ok, iolist_to_binary([Acc, Data]), Req}
    end.
