"""Schemas of the words for people (engine.words): choices and their refs, outcomes, the
reference data of a game and the lobby's option words. Imported into `service.schemas`, so they
appear in openapi.yaml under these names."""

from marshmallow import INCLUDE, Schema, fields, validate

REF_KINDS = ("card", "cell", "seat", "slot", "market", "mission", "event", "line")


class Ref(Schema):
    """Something a choice involves, so a client can make it clickable. `card`: `id` (the card id
    the state and the actions use: int, or a string for named cards such as Dark Agent
    equipment); `cell`: `line` and `depth`, 1-based as printed; `seat`: `seat` (0-based, as in
    the state); `slot`: a `seat`'s guard spot `slot` (0-based as in the state); `market`: market
    `slot` (0-based); `mission`: `id`; `event`: `id`; `line`: `line` (1-based)."""

    kind = fields.String(required=True, validate=validate.OneOf(REF_KINDS))
    id = fields.Raw(metadata={"description": "card, mission or event id (int or string)"})
    line = fields.Integer()
    depth = fields.Integer()
    seat = fields.Integer()
    slot = fields.Integer()


class Choice(Schema):
    """One legal action in words: same position as in `legal_actions` (post that action)."""

    label = fields.String(required=True, metadata={"description": "unique within the view"})
    refs = fields.List(fields.Nested(Ref), required=True)


class Outcome(Schema):
    """The outcome of a finished match."""

    class Meta:
        unknown = INCLUDE

    winners = fields.List(fields.Integer(), required=True)
    seats = fields.List(fields.Dict(), required=True, metadata={
        "description": "per seat: seat, won, reason, score"})
    summary = fields.String(required=True)
    text = fields.String(metadata={"description": "the outcome in words for the viewer (views only)"})


class ReferenceEntry(Schema):
    """One card, mission, role, equipment... of a game."""

    class Meta:
        unknown = INCLUDE

    id = fields.Raw(required=True, metadata={"description": "the id the state and the actions use"})
    name = fields.String(required=True)
    text = fields.String(required=True, metadata={"description": "its rules text in words"})
    source = fields.String(required=True, validate=validate.OneOf(("published", "ours")), metadata={
        "description": "published: from the published game; ours: our placeholder or invention"})


class ReferenceSection(Schema):
    """One kind of thing in a game (cards, missions, roles, equipment, specials, events...)."""

    kind = fields.String(required=True)
    title = fields.String(required=True)
    entries = fields.List(fields.Nested(ReferenceEntry), required=True)


class Reference(Schema):
    """GET /games/{game}/reference."""

    game = fields.String(required=True)
    name = fields.String(required=True)
    sections = fields.List(fields.Nested(ReferenceSection), required=True)
