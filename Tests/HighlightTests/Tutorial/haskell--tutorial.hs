-- | Step 1: notes in Haskell.
module Main (main) where

import qualified Data.Map as Map
import Data.List (sortOn)

data Note = Note { noteId :: Int, title :: String, pinned :: Bool }
  deriving (Show, Eq)

{- Step 2: pinned notes first,
   then by title. -}
ordered :: [Note] -> [Note]
ordered = sortOn (\n -> (not (pinned n), title n))

main :: IO ()
main = do
  let notes = [Note 1 "Welcome" True, Note 2 "Tips" False]
      byId = Map.fromList [(noteId n, n) | n <- notes]
  mapM_ (putStrLn . title) (ordered notes)
  print (Map.size byId, 0x1F, 1.5e3, 'c')
