"""Each parameter's rule and its JSON Schema in the OpenAPI document say the same thing.

For every parameter of every path, texts drawn from the parameter's own
pattern, enum or range and from anywhere at all go through both: the rule
accepts a text exactly when the schema does (read as the document's type
reads a query: an integer is ASCII digits), except what only a `format` can
say (a checksum), which the rule refuses as BAD_CHECKSUM. The schema is
checked with jsonschema-rs, whose regular expressions follow ECMA-262 as
OpenAPI's do (Python's `$` would also match before a final newline).
"""

from __future__ import annotations

import json
import re

import jsonschema_rs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from swapdesk.api import ENDPOINTS, Endpoint, ErrorCode, InvalidParameter
from swapdesk.api.requests import Param

# one parameter per distinct rule: rules built alike state the same schema
PARAMS = {json.dumps(p.rule.schema, sort_keys=True): p for e in ENDPOINTS for p in e.request.PARAMS}


def _wire(text: str, schema: dict[str, object]) -> object:
    """The query text as the document's type reads it."""
    if schema["type"] == "integer":
        return int(text) if re.fullmatch("[0-9]+", text) else text
    return text


def _texts(schema: dict[str, object]) -> st.SearchStrategy[str]:
    anything = st.text(max_size=90)
    near: list[st.SearchStrategy[str]] = [anything, st.text("0123456789-+ .eE", max_size=90)]
    pattern = schema.get("pattern")
    if isinstance(pattern, str):
        near.append(st.from_regex(pattern.removeprefix("^").removesuffix("$"), fullmatch=True))
    enum = schema.get("enum")
    if isinstance(enum, list):
        near.append(st.sampled_from([str(v) for v in enum]))
    if schema["type"] == "integer":
        low, high = schema.get("minimum", 0), schema.get("maximum", 10**6)
        assert isinstance(low, int) and isinstance(high, int)
        near.append(st.integers(low - 3, high + 3).map(str))
        near.append(st.sampled_from([low, high]).map(str))
    return st.one_of(near)


@pytest.mark.parametrize("param", list(PARAMS.values()), ids=[f"{p.name}-{i}" for i, p in enumerate(PARAMS.values())])
@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_the_rule_accepts_what_the_schema_does(param: Param, data: st.DataObject) -> None:
    schema = param.rule.schema
    validator = jsonschema_rs.Draft202012Validator(schema)
    text = data.draw(_texts(schema))
    valid = validator.is_valid(_wire(text, schema))
    try:
        param.rule(param.name, text)
    except InvalidParameter as error:
        assert not valid or error.code is ErrorCode.BAD_CHECKSUM, (text, error.message)
        assert error.status == 400 and error.parameter == param.name
    else:
        assert valid, text


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=[e.path for e in ENDPOINTS])
def test_every_parameter_is_documented_with_its_constraints(endpoint: Endpoint) -> None:
    for param in endpoint.request.PARAMS:
        document = param.openapi()
        schema = document["schema"]
        assert schema["type"] in ("string", "integer"), param.name
        assert {"pattern", "enum", "minimum"} & set(schema), (param.name, schema)
        assert document["required"] is param.required and document["description"]
        assert jsonschema_rs.Draft202012Validator(schema).is_valid(document["example"]), param.name
        param.rule(param.name, param.example)  # the example passes the rule it illustrates
