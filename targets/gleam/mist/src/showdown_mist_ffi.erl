%% Erlang helpers of the mist app, called from Gleam through @external (showdown_mist/http_date).
-module(showdown_mist_ffi).

-export([http_date/0, imf_fixdate/1]).

%% The current second as an IMF-fixdate. mist runs each connection in its own process, so the
%% value is kept in that process's dictionary and formatted again only when the second changes:
%% no shared state, and one formatting a second per connection at most.
http_date() ->
    Now = erlang:system_time(second),
    case get(?MODULE) of
        {Now, Date} ->
            Date;
        _ ->
            Date = imf_fixdate(Now),
            put(?MODULE, {Now, Date}),
            Date
    end.

%% Seconds since the epoch (UTC) as an IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`.
imf_fixdate(Seconds) ->
    {{Year, Month, Day} = Date, {Hour, Minute, Second}} =
        calendar:system_time_to_universal_time(Seconds, second),
    WeekDay = element(calendar:day_of_the_week(Date), {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"}),
    MonthName = element(Month, {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}),
    iolist_to_binary(io_lib:format("~s, ~2..0B ~s ~4..0B ~2..0B:~2..0B:~2..0B GMT",
                                   [WeekDay, Day, MonthName, Year, Hour, Minute, Second])).
