import Markdown

/// `manifest.schema.json`: the JSON Schema (draft 2020-12) of `manifest.json`.
enum ManifestSchema {
    static let fileName = "manifest.schema.json"

    static let json = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "title": "sitegen manifest",
          "description": "Every onboarding flow of a sitegen site and its pages, for native apps and other clients.",
          "type": "object",
          "required": ["format", "generator", "site", "flows"],
          "additionalProperties": false,
          "properties": {
            "format": { "const": 1 },
            "generator": {
              "type": "object",
              "required": ["name", "version"],
              "additionalProperties": false,
              "properties": {
                "name": { "type": "string" },
                "version": { "type": "string" }
              }
            },
            "site": {
              "type": "object",
              "required": ["title", "base_url", "locale"],
              "additionalProperties": false,
              "properties": {
                "title": { "type": "string" },
                "base_url": { "type": ["string", "null"], "description": "The URL the site is served from, ending in /; null when it links relatively." },
                "locale": { "$ref": "#/$defs/locale" }
              }
            },
            "flows": { "type": "array", "items": { "$ref": "#/$defs/flow" } }
          },
          "$defs": {
            "locale": { "type": "string", "pattern": "^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$" },
            "slug": { "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9_.-]*$" },
            "link": {
              "type": "object",
              "required": ["label", "href"],
              "additionalProperties": false,
              "properties": {
                "label": { "type": "string" },
                "href": { "type": "string" }
              }
            },
            "flow": {
              "type": "object",
              "required": ["id", "title", "description", "url", "content_version", "settings", "pages"],
              "additionalProperties": false,
              "properties": {
                "id": { "$ref": "#/$defs/slug" },
                "title": { "type": "string" },
                "description": { "type": "string" },
                "url": { "type": "string", "description": "The flow's carousel; relative to the site unless base_url is set." },
                "content_version": { "type": "string", "pattern": "^[0-9a-f]{16}$" },
                "settings": { "$ref": "#/$defs/flowSettings" },
                "pages": { "type": "array", "minItems": 1, "items": { "$ref": "#/$defs/page" } }
              }
            },
            "flowSettings": {
              "type": "object",
              "required": ["skip", "finish", "show_once", "storage_key", "transition", "orientation", "locale", "dir"],
              "additionalProperties": false,
              "properties": {
                "skip": {
                  "type": "object",
                  "required": ["enabled", "label", "target"],
                  "additionalProperties": false,
                  "properties": {
                    "enabled": { "type": "boolean" },
                    "label": { "type": "string" },
                    "target": { "enum": ["last", "exit"] }
                  }
                },
                "finish": { "$ref": "#/$defs/link" },
                "show_once": { "type": "boolean" },
                "storage_key": { "type": "string" },
                "transition": { "enum": ["slide", "fade", "none"] },
                "orientation": { "enum": ["horizontal", "vertical"] },
                "locale": { "$ref": "#/$defs/locale" },
                "dir": { "enum": ["ltr", "rtl", "auto"] }
              }
            },
            "page": {
              "type": "object",
              "required": ["id", "index", "title", "html", "image", "source", "settings"],
              "additionalProperties": false,
              "properties": {
                "id": { "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9_-]*$" },
                "index": { "type": "integer", "minimum": 0 },
                "title": { "type": "string" },
                "html": { "type": "string", "description": "The rendered body; relative URLs resolve against the flow's url." },
                "image": {
                  "oneOf": [
                    { "type": "null" },
                    {
                      "type": "object",
                      "required": ["src", "width", "height", "alt"],
                      "additionalProperties": false,
                      "properties": {
                        "src": { "type": "string" },
                        "width": { "type": "integer", "minimum": 1 },
                        "height": { "type": "integer", "minimum": 1 },
                        "alt": { "type": "string" }
                      }
                    }
                  ]
                },
                "source": { "type": "string", "description": "The page's Markdown file, relative to content/." },
                "settings": {
                  "type": "object",
                  "required": ["skip", "action", "advance", "background", "class", "draft"],
                  "additionalProperties": false,
                  "properties": {
                    "skip": { "type": "boolean" },
                    "action": { "oneOf": [{ "type": "null" }, { "$ref": "#/$defs/link" }] },
                    "advance": { "enum": ["auto", "action"] },
                    "background": { "type": ["string", "null"] },
                    "class": { "type": ["string", "null"] },
                    "draft": { "type": "boolean" }
                  }
                }
              }
            }
          }
        }

        """#
}
