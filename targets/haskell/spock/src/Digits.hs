-- | The capture of @\/echo\/regex\/{digits}@. Spock's routes are typed: a 'var' of this type
-- matches only a segment that 'parseUrlPiece' accepts, so a segment that is not all digits makes
-- the route not match and the request ends in Spock's 404. This is Spock's own constraint
-- mechanism; it has no regex routes.
module Digits (Digits (..)) where

import Data.Char (isDigit)
import Data.Text (Text)
import qualified Data.Text as T
import Web.HttpApiData (FromHttpApiData (..))

-- | A path segment of the ASCII digits 0-9 only ('isDigit' is ASCII only), at least one.
newtype Digits = Digits {digitsText :: Text}
  deriving (Eq, Show)

instance FromHttpApiData Digits where
  parseUrlPiece segment
    | not (T.null segment) && T.all isDigit segment = Right (Digits segment)
    | otherwise = Left (T.pack "not a run of digits")
