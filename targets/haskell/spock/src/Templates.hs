{-# LANGUAGE OverloadedStrings #-}
-- | The showdown page in blaze-html, one of the two HTML libraries Spock apps render with (the
-- other, Lucid 2.11, writes an empty attribute bare, @content@ for @content=""@, so its page
-- would not equal the contract's): a layout that wraps the index view, and a partial for each
-- team member. blaze escapes every 'toHtml' value.
module Templates (Member (..), members, showdownPage) where

import Data.Text (Text)
import qualified Data.Text.Lazy as TL
import Text.Blaze.Html.Renderer.Text (renderHtml)
import Text.Blaze.Html5 (Html, preEscapedText, toHtml, (!))
import qualified Text.Blaze.Html5 as H
import qualified Text.Blaze.Html5.Attributes as A

newtype Member = Member {memberName :: Text}

-- | The team that every page lists, in this order.
members :: [Member]
members = map Member ["Chris McCord", "Matt Sears", "David Stump", "Ricardo Thompson"]

-- | The whole page for one request: the index view for this title, inside the layout.
showdownPage :: Text -> [Member] -> TL.Text
showdownPage title team = renderHtml (layout (index title team))

layout :: Html -> Html
layout content = do
  -- blaze's 'H.docType' spells it "HTML"; the reference page spells it "html".
  preEscapedText "<!DOCTYPE html>\n"
  H.html ! A.lang "en" $ do
    H.head $ do
      H.meta ! A.charset "utf-8"
      H.meta ! A.httpEquiv "X-UA-Compatible" ! A.content "IE=edge"
      H.meta ! A.name "viewport" ! A.content "width=device-width, initial-scale=1"
      H.meta ! A.name "description" ! A.content ""
      H.meta ! A.name "author" ! A.content ""
      H.title "Hello Phoenix!"
    H.body $
      H.div ! A.class_ "container" $ do
        H.div ! A.class_ "header" $ do
          H.ul ! A.class_ "nav nav-pills pull-right" $
            H.li $ H.a ! A.href "https://github.com/phoenixframework/phoenix" $ "Get Started"
          H.span ! A.class_ "logo" $ mempty
        content
        H.div ! A.class_ "footer" $
          H.p $ H.a ! A.href "http://phoenixframework.org" $ "phoenixframework.org"

index :: Text -> [Member] -> Html
index title team = do
  H.div ! A.class_ "jumbotron" $ do
    H.h2 "Welcome to Phoenix!"
    H.p ! A.class_ "lead" $
      "Phoenix is an Elixir Web Framework targeting full-featured, fault tolerant applications with realtime functionality."
  H.div ! A.class_ "row marketing" $ do
    H.div ! A.class_ "col-lg-6" $ do
      H.h4 $ "Resources: " >> toHtml title
      H.ul $ do
        H.li $ H.a ! A.href "http://api.phoenixframework.org/" $ "Docs"
        H.li $ H.a ! A.href "https://github.com/phoenixframework/phoenix" $ "Source"
    H.div ! A.class_ "col-lg-6" $ do
      H.h4 "Help"
      H.ul $ do
        H.li $ H.a ! A.href "https://github.com/phoenixframework/phoenix/issues?state=open" $ "Issues"
        H.li $ H.a ! A.href "irc://irc.freenode.net/elixir-lang" $ "#elixir-lang on freenode IRC"
        H.li $ H.a ! A.href "https://twitter.com/chris_mccord" $ "@chris_mccord"
      H.h4 "Team Members"
      H.ul $ mapM_ memberPartial team

memberPartial :: Member -> Html
memberPartial member = H.li $ do
  H.b "Name:"
  " " >> toHtml (memberName member)
