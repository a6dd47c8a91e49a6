"""A JSON Schema validator for the subset docs/export-schema.json uses.

Keywords: type (a name or a list), const, enum, properties, required,
additionalProperties (a boolean or a schema), items, minItems, minLength,
minimum, maximum, pattern, $ref to "#/$defs/NAME". Annotations ($schema,
$id, title, description) are ignored; any other keyword is an error, so
that the schema cannot silently use something this does not check.
"""
import re

KNOWN = {'type', 'const', 'enum', 'properties', 'required', 'additionalProperties', 'items',
         'minItems', 'minLength', 'minimum', 'maximum', 'pattern', '$ref',
         '$schema', '$id', 'title', 'description', '$defs'}

TYPES = {
    'object': lambda v: isinstance(v, dict),
    'array': lambda v: isinstance(v, list),
    'string': lambda v: isinstance(v, str),
    'integer': lambda v: isinstance(v, int) and not isinstance(v, bool),
    'number': lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    'boolean': lambda v: isinstance(v, bool),
    'null': lambda v: v is None,
}


class SchemaError(Exception):
    pass


def validate(doc, schema, root=None, path='$'):
    """Return a list of 'path: problem' strings; empty when doc is valid."""
    root = schema if root is None else root
    errors = []
    unknown = set(schema) - KNOWN
    if unknown:
        raise SchemaError('%s: keywords this validator does not check: %s' % (path, sorted(unknown)))
    if '$ref' in schema:
        ref = schema['$ref']
        if not ref.startswith('#/$defs/'):
            raise SchemaError('%s: only #/$defs/ references are supported, not %s' % (path, ref))
        target = root['$defs'][ref[len('#/$defs/'):]]
        errors += validate(doc, target, root, path)
    if 'type' in schema:
        names = schema['type'] if isinstance(schema['type'], list) else [schema['type']]
        if not any(TYPES[n](doc) for n in names):
            return errors + ['%s: %r is not of type %s' % (path, short(doc), '/'.join(names))]
    if 'const' in schema and doc != schema['const']:
        errors.append('%s: %r is not %r' % (path, short(doc), schema['const']))
    if 'enum' in schema and doc not in schema['enum']:
        errors.append('%s: %r is not one of %s' % (path, short(doc), schema['enum']))
    if isinstance(doc, dict):
        for key in schema.get('required', []):
            if key not in doc:
                errors.append('%s: the required key "%s" is missing' % (path, key))
        props = schema.get('properties', {})
        for key, value in doc.items():
            if key in props:
                errors += validate(value, props[key], root, '%s.%s' % (path, key))
            elif 'additionalProperties' in schema:
                extra = schema['additionalProperties']
                if extra is False:
                    errors.append('%s: the key "%s" is not allowed' % (path, key))
                elif isinstance(extra, dict):
                    errors += validate(value, extra, root, '%s.%s' % (path, key))
    if isinstance(doc, list):
        if len(doc) < schema.get('minItems', 0):
            errors.append('%s: fewer than %d items' % (path, schema['minItems']))
        if 'items' in schema:
            for i, item in enumerate(doc):
                errors += validate(item, schema['items'], root, '%s[%d]' % (path, i))
    if isinstance(doc, str):
        if len(doc) < schema.get('minLength', 0):
            errors.append('%s: shorter than %d characters' % (path, schema['minLength']))
        if 'pattern' in schema and not re.search(schema['pattern'], doc):
            errors.append('%s: %r does not match %s' % (path, doc, schema['pattern']))
    if TYPES['number'](doc):
        if 'minimum' in schema and doc < schema['minimum']:
            errors.append('%s: %r is below %r' % (path, doc, schema['minimum']))
        if 'maximum' in schema and doc > schema['maximum']:
            errors.append('%s: %r is above %r' % (path, doc, schema['maximum']))
    return errors


def short(v):
    s = repr(v)
    return s if len(s) < 60 else s[:57] + '...'
