{-# LANGUAGE OverloadedStrings #-}
-- | The showdown app on scotty: its router (with its regex route for /echo/regex), blaze-html for
-- the page (see "Templates"), aeson for /json, and scotty's body reader for the echo. Warp, under
-- scotty, sends the Date and Server headers.
module Main (main) where

import Control.Concurrent (setNumCapabilities)
import Control.Monad.IO.Class (liftIO)
import Data.Aeson (object, (.=))
import qualified Data.ByteString as B
import qualified Data.ByteString.Lazy as BL
import Data.IORef (modifyIORef', newIORef, readIORef)
import Data.String (fromString)
import qualified Data.Text.Lazy as TL
import Network.HTTP.Types (status413)
import Network.Wai.Handler.Warp (defaultSettings, setHost, setPort, setServerName)
import System.Environment (lookupEnv)
import System.Exit (exitWith, ExitCode (ExitFailure))
import System.IO (hPutStrLn, stderr)
import Text.Blaze.Html.Renderer.Text (renderHtml)
import Text.Read (readMaybe)
import Web.Scotty

import Templates (Member (..), showdownPage)

defaultPort :: Int
defaultPort = 8080

-- | The scenario contract's cap on an echoed body (docs/scenarios.md, S2): larger bodies get 413.
maxEchoBodyBytes :: Int
maxEchoBodyBytes = 40000000

members :: [Member]
members = map Member ["Chris McCord", "Matt Sears", "David Stump", "Ricardo Thompson"]

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
  let warp = setServerName "scotty" $ setHost host $ setPort port defaultSettings
  -- verbose = 0: no startup banner; no request logger middleware is installed.
  scottyOpts (Options 0 warp) routes
  where
    positive n = if n > 0 then Just n else Nothing
    badPort p = do
      hPutStrLn stderr ("scotty: PORT is not a port number: " ++ p)
      exitWith (ExitFailure 2)

-- | Scotty tries routes in order, so the static routes come before /:title.
routes :: ScottyM ()
routes = do
  get "/" $ text ""
  get "/plaintext" $ text "Hello, World!"
  get "/json" $ json (object ["message" .= ("Hello, World!" :: TL.Text)])
  get "/echo/hello-world" $ text "Hello World"
  get "/echo/plain/:param" $ param "param" >>= text
  -- A regex route: capture group 1 is the digits.
  get (regex "^/echo/regex/([0-9]+)$") $ param "1" >>= text
  get "/user/:id" $ param "id" >>= text
  post "/user" echoBody
  get "/:title" $ do
    title <- param "title"
    html (renderHtml (showdownPage title members))

-- | Answers with the request's body, byte for byte, and its Content-Type; 413 past the cap.
echoBody :: ActionM ()
echoBody = do
  declared <- header "Content-Length"
  case declared >>= readMaybe . TL.unpack of
    Just n | n > maxEchoBodyBytes -> tooLarge
    _ -> do
      -- Read chunk by chunk, so that a chunked body over the cap is refused without being kept.
      readChunk <- bodyReader
      chunks <- liftIO (readCapped readChunk)
      case chunks of
        Nothing -> tooLarge
        Just bytes -> do
          contentType <- header "Content-Type"
          setHeader "Content-Type" (maybe "application/octet-stream" id contentType)
          raw bytes
  where
    tooLarge = status status413 >> text "Request Entity Too Large"

-- | All of the body, or Nothing once it passes 'maxEchoBodyBytes' (the rest is left unread).
readCapped :: IO B.ByteString -> IO (Maybe BL.ByteString)
readCapped readChunk = do
  acc <- newIORef []
  let loop size = do
        chunk <- readChunk
        if B.null chunk
          then Just . BL.fromChunks . reverse <$> readIORef acc
          else
            let size' = size + B.length chunk
             in if size' > maxEchoBodyBytes
                  then pure Nothing
                  else modifyIORef' acc (chunk :) >> loop size'
  loop 0
