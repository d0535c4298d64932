{-# LANGUAGE OverloadedStrings #-}
-- | The showdown app on Spock (Spock-core, the framework without its session and database
-- layers): Spock's typed routes (a 'Digits' capture for \/echo\/regex), blaze-html for the page
-- (see "Templates"), aeson through Spock's 'json', and Spock's 'body' for the echo, capped by
-- 'sc_maxRequestSize'. Warp, under Spock, sends the Date and Server headers; Warp decodes the
-- percent-encoding of each path segment before Spock's router sees it.
module Main (main) where

import Control.Concurrent (setNumCapabilities)
import Data.Aeson (object, (.=))
import Data.String (fromString)
import Data.Text (Text)
import qualified Data.Text.Encoding as TE
import qualified Data.Text.Encoding.Error as TE
import qualified Data.Text.Lazy as TL
import Network.HTTP.Types.Status (Status, statusMessage)
import Network.Wai.Handler.Warp (defaultSettings, runSettings, setHost, setPort, setServerName)
import System.Environment (lookupEnv)
import System.Exit (ExitCode (ExitFailure), exitWith)
import System.IO (hPutStrLn, stderr)
import Text.Read (readMaybe)
import Web.Spock.Core

import Digits (Digits (..))
import Templates (members, showdownPage)

defaultPort :: Int
defaultPort = 8080

-- | The scenario contract's cap on an echoed body (docs/scenarios.md, S2): larger bodies get 413.
maxEchoBodyBytes :: Num a => a
maxEchoBodyBytes = 40000000

main :: IO ()
main = do
  -- Built with -threaded and -N (all cores); CPUS, when the harness gives it, narrows that.
  cpus <- (>>= readMaybe) <$> lookupEnv "CPUS"
  mapM_ setNumCapabilities (cpus >>= positive)
  portEnv <- lookupEnv "PORT"
  port <- case portEnv of
    Nothing -> pure defaultPort
    Just p -> maybe (badPort p) pure (readMaybe p >>= positive)
  -- HOST: a server agent sets 0.0.0.0, for load from other hosts.
  host <- maybe "127.0.0.1" fromString <$> lookupEnv "HOST"
  -- Spock answers a body over the limit with its error handler and 413.
  let config = defaultSpockConfig {sc_maxRequestSize = Just maxEchoBodyBytes, sc_errorHandler = errorText}
  app <- spockAsApp (spockConfigT config id routes)
  -- runSpock would listen on every interface and print a banner; Warp's own settings do neither.
  runSettings (setServerName "Spock" $ setHost host $ setPort port defaultSettings) app
  where
    positive n = if n > 0 then Just n else Nothing
    badPort p = do
      hPutStrLn stderr ("spock: PORT is not a port number: " ++ p)
      exitWith (ExitFailure 2)

-- | A path segment as text.
segment :: Var Text
segment = var

-- | Spock's error answers (404, 413, ...): the status line's reason as text. Spock's default
-- handler writes the same bytes without a Content-Type.
errorText :: Status -> ActionCtxT () IO ()
errorText = text . TE.decodeUtf8With TE.lenientDecode . statusMessage

-- | An empty text body with its length: Spock hands Warp a body of unknown length, which Warp
-- sends chunked unless the response carries a Content-Length.
emptyText :: ActionT IO ()
emptyText = setHeader "Content-Length" "0" >> text ""

-- | Spock's router prefers a fixed segment to a capture, so "plaintext" is not a /:title.
routes :: SpockT IO ()
routes = do
  get root emptyText
  get "plaintext" $ text "Hello, World!"
  get "json" $ json (object ["message" .= ("Hello, World!" :: Text)])
  get ("echo" <//> "hello-world") $ text "Hello World"
  get ("echo" <//> "plain" <//> segment) text
  get ("echo" <//> "regex" <//> var) $ \(Digits digits) -> text digits
  get ("user" <//> segment) text
  post "user" echoBody
  get segment $ \title -> lazyBytesHtml (showdownPage title members)
  where
    lazyBytesHtml = html . TL.toStrict

-- | Answers with the request's body, byte for byte, and its Content-Type.
echoBody :: ActionT IO ()
echoBody = do
  contentType <- header "Content-Type"
  payload <- body
  setHeader "Content-Type" (maybe "application/octet-stream" id contentType)
  bytes payload
