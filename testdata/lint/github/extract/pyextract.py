#!/usr/bin/env python3
"""Reads the tools a Python MCP server declares, statically, from its source.

Input: a directory of Python files (a checkout of one commit). Output (stdout): a JSON list of
tools {name, description, inputSchema[, annotations]} as the server would list them, read from:

- FastMCP functions: @X.tool / @X.tool() / @X.tool(name=..., description=..., annotations=...)
  and X.add_tool(fn, ...). The description is the decorator's, else the docstring (cleaned as
  inspect.getdoc does). Parameters become properties: annotations give JSON types,
  Annotated[T, Field(description=...)] and `= Field(default, description=...)` give the
  parameter's description, a default makes the parameter optional. Pydantic models defined in
  the scanned files are inlined as objects.
- Low-level servers: Tool(name=..., description=..., inputSchema=...) / types.Tool(...) calls
  whose values are literals, module constants or Model.model_json_schema() of a model above.

Nothing is imported or run: the source is only parsed with `ast`, so a server that needs keys,
a database or a platform library is read the same as any other.
"""

import ast
import inspect
import json
import os
import sys

SKIP_DIRS = {"test", "tests", "testing", "examples", "example", "docs", ".git", "node_modules",
             "venv", ".venv", "benchmarks", "scripts", "e2e"}

SCALARS = {"str": "string", "int": "integer", "float": "number", "bool": "boolean",
           "bytes": "string", "list": "array", "List": "array", "tuple": "array",
           "Tuple": "array", "set": "array", "Set": "array", "Sequence": "array",
           "dict": "object", "Dict": "object", "Mapping": "object", "datetime": "string",
           "date": "string", "Path": "string", "UUID": "string", "Decimal": "number",
           "EmailStr": "string", "HttpUrl": "string", "AnyUrl": "string"}


def dotted(node):
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        d = dotted(node.value)
        return d + "." + node.attr if d else node.attr
    return ""


class Scope:
    """What the scanned files define that a tool may refer to: string constants and models."""

    def __init__(self):
        self.consts = {}  # name -> str
        self.models = {}  # class name -> ast.ClassDef
        self.funcs = {}   # function name -> def

    def string(self, node):
        """The text of a node made only of string literals, constants, + and implicit joins."""
        if node is None:
            return None
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.Name):
            return self.consts.get(node.id)
        if isinstance(node, ast.Attribute):
            return self.consts.get(node.attr)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            a, b = self.string(node.left), self.string(node.right)
            if a is not None and b is not None:
                return a + b
        if isinstance(node, ast.JoinedStr):
            parts = []
            for v in node.values:
                if isinstance(v, ast.Constant):
                    parts.append(str(v.value))
                elif isinstance(v, ast.FormattedValue):
                    s = self.string(v.value)
                    if s is None:
                        # Filled in at run time (a database's name, a setting): kept as the
                        # placeholder the source writes, so the rest of the text is still read.
                        s = "{" + ast.unparse(v.value) + "}"
                    parts.append(s)
            return "".join(parts)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            base = self.string(node.func.value)
            if base is not None and node.func.attr in ("strip", "rstrip", "lstrip"):
                return getattr(base, node.func.attr)()
            if base is not None and node.func.attr == "format" and not node.args and not node.keywords:
                return base
        if isinstance(node, ast.Call) and dotted(node.func) in ("dedent", "textwrap.dedent", "inspect.cleandoc", "cleandoc"):
            s = self.string(node.args[0]) if node.args else None
            if s is not None:
                return inspect.cleandoc(s) if "cleandoc" in dotted(node.func) else __import__("textwrap").dedent(s)
        return None

    def literal(self, node):
        """A JSON value from a literal node (dicts, lists, strings, numbers, constants)."""
        s = self.string(node)
        if s is not None:
            return s
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Dict):
            out = {}
            for k, v in zip(node.keys, node.values):
                if k is None:
                    base = self.literal(v)
                    if isinstance(base, dict):
                        out.update(base)
                    continue
                ks = self.string(k)
                if ks is None:
                    raise ValueError("key")
                out[ks] = self.literal(v)
            return out
        if isinstance(node, (ast.List, ast.Tuple)):
            return [self.literal(e) for e in node.elts]
        if isinstance(node, ast.Call) and dotted(node.func) in ("dict",):
            return {k.arg: self.literal(k.value) for k in node.keywords if k.arg}
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("model_json_schema", "schema"):
            model = dotted(node.func.value).split(".")[-1]
            if model in self.models:
                return self.model_schema(model, set())
        if isinstance(node, ast.Name) and node.id in self.consts:
            return self.consts[node.id]
        raise ValueError("not a literal")

    def field_info(self, call):
        """(description, has_default) of a Field(...) / Param(...) call."""
        desc = None
        has_default = False
        if call.args:
            a = call.args[0]
            has_default = not (isinstance(a, ast.Constant) and a.value is Ellipsis)
        for k in call.keywords:
            if k.arg == "description":
                desc = self.string(k.value)
            if k.arg in ("default", "default_factory"):
                has_default = True
        return desc, has_default

    def type_schema(self, ann, seen):
        """The JSON schema of a type annotation, and the description Annotated gives it."""
        if ann is None:
            return {}, None
        if isinstance(ann, ast.Constant) and isinstance(ann.value, str):
            try:
                ann = ast.parse(ann.value, mode="eval").body
            except SyntaxError:
                return {}, None
        if isinstance(ann, ast.Constant) and ann.value is None:
            return {"type": "null"}, None
        if isinstance(ann, ast.BinOp) and isinstance(ann.op, ast.BitOr):
            left, d1 = self.type_schema(ann.left, seen)
            right, d2 = self.type_schema(ann.right, seen)
            return self.union([left, right]), d1 or d2
        name = dotted(ann.value if isinstance(ann, ast.Subscript) else ann).split(".")[-1]
        if isinstance(ann, ast.Subscript):
            sl = ann.slice
            args = list(sl.elts) if isinstance(sl, ast.Tuple) else [sl]
            if name == "Annotated":
                schema, desc = self.type_schema(args[0], seen)
                for extra in args[1:]:
                    if isinstance(extra, ast.Call) and dotted(extra.func).split(".")[-1] in ("Field", "Param", "Query", "Body"):
                        d, _ = self.field_info(extra)
                        desc = d or desc
                    elif self.string(extra) is not None:
                        desc = self.string(extra)
                return schema, desc
            if name == "Optional":
                inner, desc = self.type_schema(args[0], seen)
                return self.union([inner, {"type": "null"}]), desc
            if name == "Union":
                parts = [self.type_schema(a, seen) for a in args]
                return self.union([p[0] for p in parts]), next((p[1] for p in parts if p[1]), None)
            if name == "Literal":
                vals = []
                for a in args:
                    try:
                        vals.append(self.literal(a))
                    except ValueError:
                        pass
                t = "string" if all(isinstance(v, str) for v in vals) else None
                return ({"type": t, "enum": vals} if t else {"enum": vals}), None
            if SCALARS.get(name) == "array":
                item, _ = self.type_schema(args[0], seen) if args else ({}, None)
                return ({"type": "array", "items": item} if item else {"type": "array"}), None
            if SCALARS.get(name) == "object":
                return {"type": "object"}, None
        if name in SCALARS:
            return {"type": SCALARS[name]}, None
        if name in self.models and name not in seen:
            return self.model_schema(name, seen | {name}), None
        if name == "Any":
            return {}, None
        return {}, None

    @staticmethod
    def union(parts):
        parts = [p for p in parts if p is not None]
        non_null = [p for p in parts if p != {"type": "null"}]
        if len(non_null) == 1 and len(parts) == 2:
            return {"anyOf": [non_null[0], {"type": "null"}]}
        return {"anyOf": parts}

    def model_schema(self, name, seen):
        cls = self.models[name]
        props, required = {}, []
        doc = ast.get_docstring(cls)
        for st in cls.body:
            if not isinstance(st, ast.AnnAssign) or not isinstance(st.target, ast.Name):
                continue
            pname = st.target.id
            if pname.startswith("_") or pname == "model_config":
                continue
            schema, desc = self.type_schema(st.annotation, seen)
            has_default = st.value is not None
            if isinstance(st.value, ast.Call) and dotted(st.value.func).split(".")[-1] == "Field":
                d, has_default = self.field_info(st.value)
                desc = d or desc
            schema = dict(schema)
            schema["title"] = pname.replace("_", " ").title()
            if desc:
                schema["description"] = desc
            props[pname] = schema
            if not has_default:
                required.append(pname)
        out = {"type": "object", "properties": props, "title": name}
        if doc:
            out["description"] = doc
        if required:
            out["required"] = required
        return out

    def params_schema(self, fn, skip_first=False):
        args = fn.args
        positional = args.posonlyargs + args.args
        defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
        pairs = list(zip(positional, defaults)) + list(zip(args.kwonlyargs, args.kw_defaults))
        props, required = {}, []
        for i, (a, default) in enumerate(pairs):
            if a.arg in ("self", "cls") or (skip_first and i == 0):
                continue
            ann = a.annotation
            ann_name = dotted(ann.value if isinstance(ann, ast.Subscript) else ann).split(".")[-1] if ann is not None else ""
            if ann_name in ("Context", "Request", "ServerSession", "RequestContext") or a.arg in ("ctx", "context") and ann is None:
                continue
            schema, desc = self.type_schema(ann, set())
            has_default = default is not None
            if isinstance(default, ast.Call) and dotted(default.func).split(".")[-1] in ("Field", "Param"):
                d, has_default = self.field_info(default)
                desc = d or desc
            schema = dict(schema)
            schema["title"] = a.arg.replace("_", " ").title()
            if desc:
                schema["description"] = desc
            if has_default:
                try:
                    dv = self.literal(default.args[0] if isinstance(default, ast.Call) and default.args else default)
                    if not isinstance(default, ast.Call) or default.args:
                        schema["default"] = dv
                except (ValueError, AttributeError):
                    pass
            props[a.arg] = schema
            if not has_default:
                required.append(a.arg)
        out = {"type": "object", "properties": props}
        if required:
            out["required"] = required
        return out


def annotations_of(scope, node):
    if node is None:
        return None
    if isinstance(node, ast.Call):
        out = {}
        for k in node.keywords:
            try:
                out[k.arg] = scope.literal(k.value)
            except ValueError:
                pass
        return out or None
    try:
        v = scope.literal(node)
        return v if isinstance(v, dict) else None
    except ValueError:
        return None


def is_tool_decorator(dec):
    """The decorator's call node (or None) when it registers a FastMCP tool."""
    target = dec.func if isinstance(dec, ast.Call) else dec
    if isinstance(target, ast.Attribute) and target.attr == "tool":
        return dec if isinstance(dec, ast.Call) else ast.Call(func=dec, args=[], keywords=[])
    return None


def receiver(call):
    """The last name of the object a tool is registered on (mcp in @mcp.tool, jira in jira.add_tool)."""
    target = call.func
    while isinstance(target, ast.Call):
        target = target.func
    if isinstance(target, ast.Attribute):
        return dotted(target.value).split(".")[-1]
    return ""


def fastmcp_tool(scope, fn, call):
    name, desc, ann = fn.name, None, None
    if call.args:
        s = scope.string(call.args[0])
        if s is not None:
            name = s
    for k in call.keywords:
        if k.arg == "name":
            name = scope.string(k.value) or name
        elif k.arg == "description":
            desc = scope.string(k.value)
        elif k.arg == "annotations":
            ann = annotations_of(scope, k.value)
    if desc is None:
        desc = ast.get_docstring(fn) or ""
    tool = {"name": name, "description": desc, "inputSchema": scope.params_schema(fn)}
    if ann:
        tool["annotations"] = ann
    return tool


def walk_files(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d.lower() not in SKIP_DIRS and not d.startswith("."))
        for f in sorted(filenames):
            if f.endswith(".py") and not f.startswith("test_") and not f.endswith("_test.py"):
                yield os.path.join(dirpath, f)


def extract(root):
    scope = Scope()
    trees = []
    for path in walk_files(root):
        try:
            with open(path, encoding="utf-8") as fh:
                trees.append((path, ast.parse(fh.read())))
        except (SyntaxError, UnicodeDecodeError, ValueError):
            continue
    for _, tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases = {dotted(b).split(".")[-1] for b in node.bases}
                if bases & {"BaseModel"} or (bases & set(scope.models)):
                    scope.models.setdefault(node.name, node)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                scope.funcs.setdefault(node.name, node)
        for node in tree.body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                s = scope.string(node.value)
                if s is not None:
                    scope.consts.setdefault(node.targets[0].id, s)
            elif isinstance(node, ast.ClassDef):
                # Class-level string constants (Enum members, description holders).
                for st in node.body:
                    if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name):
                        s = scope.string(st.value)
                        if s is not None:
                            scope.consts.setdefault(st.targets[0].id, s)
    # A server mounted on another under a prefix lists its tools as prefix_name (FastMCP's
    # mount(sub, namespace=…), mount(sub, prefix=…), mount("prefix", sub), import_server(…)).
    prefixes = {}
    for _, tree in trees:
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("mount", "import_server")):
                continue
            sub, prefix = None, None
            for a in node.args:
                if isinstance(a, (ast.Name, ast.Attribute)) and sub is None:
                    sub = dotted(a).split(".")[-1]
                elif scope.string(a) is not None and prefix is None:
                    prefix = scope.string(a)
            for k in node.keywords:
                if k.arg in ("namespace", "prefix"):
                    prefix = scope.string(k.value)
                elif k.arg in ("server", "app") and isinstance(k.value, (ast.Name, ast.Attribute)):
                    sub = dotted(k.value).split(".")[-1]
            if sub and prefix:
                prefixes[sub] = prefix
    tools = []

    def add(tool, call):
        p = prefixes.get(receiver(call))
        if p:
            tool["name"] = p + "_" + tool["name"]
        tools.append(tool)

    for path, tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for dec in node.decorator_list:
                    call = is_tool_decorator(dec)
                    if call is not None:
                        add(fastmcp_tool(scope, node, call), call)
                        break
            elif isinstance(node, ast.Call):
                fname = dotted(node.func)
                last = fname.split(".")[-1]
                # mcp.tool(...)(fn) and mcp.tool(fn): the decorator applied by hand.
                inner = node.func if isinstance(node.func, ast.Call) else None
                if inner is not None and isinstance(inner.func, ast.Attribute) and inner.func.attr == "tool" and node.args and isinstance(node.args[0], ast.Name) and node.args[0].id in scope.funcs:
                    add(fastmcp_tool(scope, scope.funcs[node.args[0].id], inner), inner)
                    continue
                if last == "tool" and isinstance(node.func, ast.Attribute) and node.args and isinstance(node.args[0], ast.Name) and node.args[0].id in scope.funcs:
                    add(fastmcp_tool(scope, scope.funcs[node.args[0].id], ast.Call(func=node.func, args=[], keywords=node.keywords)), node)
                    continue
                if last == "add_tool" and node.args and isinstance(node.args[0], ast.Name) and node.args[0].id in scope.funcs:
                    add(fastmcp_tool(scope, scope.funcs[node.args[0].id], ast.Call(func=node.func, args=[], keywords=node.keywords)), node)
                elif last == "Tool" and fname in ("Tool", "types.Tool", "mcp.types.Tool", "mcp_types.Tool"):
                    kw = {k.arg: k.value for k in node.keywords if k.arg}
                    name = scope.string(kw.get("name"))
                    if name is None:
                        continue
                    desc = scope.string(kw.get("description")) or ""
                    schema = {"type": "object"}
                    src = kw.get("inputSchema") or kw.get("input_schema")
                    if src is not None:
                        try:
                            v = scope.literal(src)
                            if isinstance(v, dict):
                                schema = v
                        except ValueError:
                            pass
                    tool = {"name": name, "description": desc, "inputSchema": schema}
                    ann = annotations_of(scope, kw.get("annotations"))
                    if ann:
                        tool["annotations"] = ann
                    tools.append(tool)
    # One tool a name, as a server lists it (the first definition wins, as registration order does).
    seen, out = set(), []
    for t in tools:
        if t["name"] not in seen:
            seen.add(t["name"])
            out.append(t)
    return out


if __name__ == "__main__":
    json.dump(extract(sys.argv[1]), sys.stdout, ensure_ascii=False, indent=1)
