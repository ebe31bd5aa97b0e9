// wink-nlp has no `exports` map, so Node's ESM loader needs a subpath's file extension; its own types name the subpath
// without one. This gives the spelling Node loads the types wink-nlp declares.
declare module "wink-nlp/utilities/bm25-vectorizer.js" {
  import bm25 from "wink-nlp/utilities/bm25-vectorizer";
  export default bm25;
}
