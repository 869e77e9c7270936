"""Reads the public API of the Dapr Python SDK with Python's own parser (called by sdk-surface.ts).

stdin: {"files": {"<repo path>.py": "<source>", ...}}; stdout: {"modules", "types", "functions"} as described in
sdk-surface.ts. Names only, never bodies: what a sample may import, which classes have which methods, and the
keyword names each callable accepts (None when it takes **kwargs, so any name is accepted).
"""

import ast
import json
import re
import sys

ROOTS = ('dapr', 'flask_dapr')


def module_name(path):
    """dapr/clients/__init__.py -> dapr.clients; ext/dapr-ext-workflow/dapr/ext/workflow/x.py -> dapr.ext.workflow.x."""
    parts = path[:-3].split('/')
    if parts[0] == 'ext':
        parts = parts[2:]
    if parts[-1] == '__init__':
        parts = parts[:-1]
    return '.'.join(parts)


def is_sdk(name):
    return name.split('.')[0] in ROOTS


def top_statements(body):
    """Top-level statements, looking into `if TYPE_CHECKING:` / try blocks, which also bind module names."""
    for node in body:
        if isinstance(node, ast.If):
            yield from top_statements(node.body)
            yield from top_statements(node.orelse)
        elif isinstance(node, ast.Try):
            yield from top_statements(node.body)
            for handler in node.handlers:
                yield from top_statements(handler.body)
            yield from top_statements(node.orelse)
        else:
            yield node


def target_names(target):
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, (ast.Tuple, ast.List)):
        return [n for t in target.elts for n in target_names(t)]
    return []


def decorator_names(node):
    out = []
    for d in node.decorator_list:
        d = d.func if isinstance(d, ast.Call) else d
        if isinstance(d, ast.Name):
            out.append(d.id)
        elif isinstance(d, ast.Attribute):
            out.append(d.attr)
    return out


class Module:
    def __init__(self, name, path, tree):
        self.name = name
        self.path = path
        self.tree = tree
        self.package = name if path.endswith('__init__.py') else name.rpartition('.')[0]
        # name -> "" (a value, or a name imported from outside the SDK) or the SDK name it stands for
        self.names = {}

    def absolute(self, node):
        if not node.level:
            return node.module or ''
        base = self.package.split('.')
        if node.level > 1:
            base = base[: len(base) - (node.level - 1)]
        return '.'.join(base + ([node.module] if node.module else []))

    def bind(self):
        for node in top_statements(self.tree.body):
            if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                self.names[node.name] = f'{self.name}.{node.name}'
            elif isinstance(node, ast.ImportFrom):
                source = self.absolute(node)
                for alias in node.names:
                    if alias.name == '*':
                        continue
                    full = f'{source}.{alias.name}'
                    self.names[alias.asname or alias.name] = full if is_sdk(full) else ''
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    bound = alias.asname or alias.name.split('.')[0]
                    target = alias.name if alias.asname else alias.name.split('.')[0]
                    self.names[bound] = target if is_sdk(target) else ''
            elif isinstance(node, ast.Assign):
                for t in node.targets:
                    for n in target_names(t):
                        self.names.setdefault(n, '')
            elif isinstance(node, ast.AnnAssign):
                for n in target_names(node.target):
                    self.names.setdefault(n, '')


def main():
    files = json.load(sys.stdin)['files']
    modules = {}
    for path, text in sorted(files.items()):
        name = module_name(path)
        generated = re.search(r'_pb2(_grpc)?\.py$', path) is not None
        try:
            tree = ast.parse(text, filename=path) if not generated else None
        except SyntaxError:
            tree = None
        if tree is None:
            # Generated protobuf modules (and anything that does not parse): the module exists, its names are not listed.
            modules[name] = None
            continue
        modules[name] = Module(name, path, tree)
    for m in modules.values():
        if m:
            m.bind()

    def resolve(full, seen=None):
        """Follows re-exports to where a name is defined: a module, a class or function, or None (a plain value)."""
        seen = seen or set()
        if full in seen:
            return None
        seen.add(full)
        if full in modules:
            return full
        owner, _, name = full.rpartition('.')
        m = modules.get(owner)
        if m is None:
            return None
        target = m.names.get(name)
        if target is None or target == '':
            return None
        if target == full:
            return full
        return resolve(target, seen)

    types = {}
    functions = {}
    classes = {}  # fqn -> (module, ClassDef)

    def annotation_type(module, node, scope):
        """The SDK class an annotation names (Optional[X], X | None and 'X' unwrapped), or None."""
        if node is None:
            return None
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            try:
                node = ast.parse(node.value, mode='eval').body
            except SyntaxError:
                return None
        if isinstance(node, ast.Subscript) and isinstance(node.value, (ast.Name, ast.Attribute)):
            outer = node.value.id if isinstance(node.value, ast.Name) else node.value.attr
            if outer == 'Optional':
                return annotation_type(module, node.slice, scope)
            return None
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            for side in (node.left, node.right):
                if not (isinstance(side, ast.Constant) and side.value is None):
                    return annotation_type(module, side, scope)
        dotted = []
        while isinstance(node, ast.Attribute):
            dotted.insert(0, node.attr)
            node = node.value
        if not isinstance(node, ast.Name):
            return None
        dotted.insert(0, node.id)
        if dotted[0] in scope:
            full = '.'.join([scope[dotted[0]]] + dotted[1:])
        else:
            target = module.names.get(dotted[0])
            if not target:
                return None
            full = '.'.join([target] + dotted[1:])
        found = resolve(full)
        return found if found in classes else None

    def signature(module, fn, is_method, scope):
        a = fn.args
        positional = a.args[1:] if is_method and a.args else a.args
        params = None if a.kwarg else [p.arg for p in positional + a.kwonlyargs]
        sig = {'params': params}
        returns = annotation_type(module, fn.returns, scope)
        if returns:
            sig['returns'] = returns
        return sig

    def collect_classes(module, body, prefix):
        for node in body:
            if isinstance(node, ast.ClassDef):
                fqn = f'{prefix}.{node.name}'
                classes[fqn] = (module, node)
                collect_classes(module, node.body, fqn)

    for m in modules.values():
        if m:
            collect_classes(m, list(top_statements(m.tree.body)), m.name)

    for fqn, (module, node) in classes.items():
        nested = {n.name: f'{fqn}.{n.name}' for n in node.body if isinstance(n, ast.ClassDef)}
        bases = []
        for b in node.bases:
            found = annotation_type(module, b, nested)
            bases.append(found if found else ast.unparse(b))
        methods = {}
        fields = set(nested)
        dataclass_fields = []
        decorators = decorator_names(node)
        for item in node.body:
            if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                deco = decorator_names(item)
                if 'property' in deco or any(d in ('setter', 'getter', 'deleter') for d in deco):
                    if not item.name.startswith('_'):
                        fields.add(item.name)
                    continue
                for sub in ast.walk(item):
                    # Instance attributes: self.x = ... in any method.
                    if isinstance(sub, (ast.Assign, ast.AnnAssign)):
                        for t in sub.targets if isinstance(sub, ast.Assign) else [sub.target]:
                            if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == 'self' and not t.attr.startswith('_'):
                                fields.add(t.attr)
                name = item.name
                if name in ('__init__', '__new__'):
                    name = '<init>'
                elif name.startswith('_'):
                    continue
                is_method = 'staticmethod' not in deco
                methods.setdefault(name, []).append(signature(module, item, is_method, nested))
            elif isinstance(item, ast.AnnAssign):
                for n in target_names(item.target):
                    if not n.startswith('_'):
                        fields.add(n)
                    is_classvar = 'ClassVar' in ast.unparse(item.annotation)
                    if not is_classvar:
                        dataclass_fields.append(n)
            elif isinstance(item, ast.Assign):
                for t in item.targets:
                    for n in target_names(t):
                        if not n.startswith('_'):
                            fields.add(n)
        entry = {'bases': bases, 'methods': methods, 'fields': sorted(fields)}
        named_tuple = any(b in ('NamedTuple', 'typing.NamedTuple') for b in bases)
        if ('dataclass' in decorators or named_tuple) and '<init>' not in methods:
            # The generated __init__ takes the annotated fields (a dataclass base's fields come first: added below).
            entry['dataclassFields'] = dataclass_fields
        types[fqn] = entry

    # A dataclass without its own __init__: the fields of its dataclass bases, then its own.
    def dataclass_params(fqn, seen=()):
        entry = types[fqn]
        if 'dataclassFields' not in entry or fqn in seen:
            return None
        params = []
        for b in entry['bases']:
            if b in types and 'dataclassFields' in types[b]:
                params += dataclass_params(b, seen + (fqn,)) or []
        return params + [f for f in entry['dataclassFields'] if f not in params]

    for fqn, entry in types.items():
        if 'dataclassFields' in entry:
            entry['methods']['<init>'] = [{'params': dataclass_params(fqn)}]
    for entry in types.values():
        entry.pop('dataclassFields', None)

    for m in modules.values():
        if not m:
            continue
        for node in top_statements(m.tree.body):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                functions.setdefault(f'{m.name}.{node.name}', []).append(signature(m, node, False, {}))

    out_modules = {}
    for name, m in modules.items():
        if m is None:
            out_modules[name] = {'names': None}
            continue
        names = {}
        for n, target in m.names.items():
            if n.startswith('__'):
                continue
            found = resolve(f'{m.name}.{n}') if target != '' or n in m.names else None
            names[n] = found or ''
        out_modules[name] = {'names': names}
    # Packages without an __init__.py (namespace packages such as dapr.ext) still import.
    for name in list(out_modules):
        parts = name.split('.')
        for i in range(1, len(parts)):
            out_modules.setdefault('.'.join(parts[:i]), {'names': {}})
    # A submodule is a name of its package: `from dapr.ext import workflow`.
    for name in out_modules:
        parent, _, leaf = name.rpartition('.')
        if parent and out_modules.get(parent, {}).get('names') is not None:
            out_modules[parent]['names'].setdefault(leaf, name)

    json.dump({'modules': out_modules, 'types': types, 'functions': functions}, sys.stdout, sort_keys=True)


main()
