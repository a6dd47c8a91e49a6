"""How a Python port answers one conformance vector: the one call per kind
of definition that `rtab vectors` writes. Shared by the tests that run the
reference port (test_vectors.py) and mutated copies of it
(test_vectors_catch.py), so both ask the port the same question."""

KINDS = ['table', 'reactions', 'transition', 'distance', 'procedure', 'chain']


def kind_of(v):
    return next(k for k in KINDS if k in v)


def answer(port, rs, v):
    """The port's result for vector v, or {'error': message} when the port
    refuses the situation as the rules do. `port` is the port's module (for
    its error type and statuses), `rs` its loaded ruleset."""
    kind = kind_of(v)
    name, given = v[kind], v['inputs']
    try:
        if kind == 'table':
            return rs.resolve(name, given, v['faces'], v['drm'])
        if kind == 'reactions':
            return rs.reactions(name, given)
        if kind == 'transition':
            try:
                return rs.transition(name, given)
            except port.RtabError as e:
                if e.status == port.E_STATE:
                    return {'state': None}
                raise
        if kind == 'distance':
            return rs.distance(name, given, v['faces'])
        if kind == 'chain':
            c = rs.chain(name, given, v['faces'], v['drm'], v['then'])
            return {'outcome': c['outcome'], 'steps': c['steps']}
        return rs.procedure(name, given)
    except port.RtabError as e:
        return {'error': str(e)}
