"""Schemas of the catalog's seat counts and the tournament list (kept apart so schemas.py stays
under 500 lines; schemas.py imports them, so the contract names them as before)."""

from marshmallow import Schema, fields, validate

MAX_COUNTER = 2**53  # as schemas.py


class SeatCount(Schema):
    """How many seats a match with these options has."""

    options = fields.Dict(required=True, metadata={"description": "option name -> value"})
    seats = fields.Integer(required=True)


class TournamentListQuery(Schema):
    """GET /tournaments query."""

    cursor = fields.String(validate=validate.Length(max=120),
                           metadata={"description": "`next_cursor` of the previous page"})
    limit = fields.Integer(load_default=20, validate=validate.Range(min=1, max=100))


class TournamentListItem(Schema):
    """A tournament's public summary (GET /tournaments/{id} has the rest)."""

    tournament_id = fields.String(required=True)
    created = fields.Float(required=True, metadata={"description": "Unix time, seconds"})
    status = fields.String(required=True, validate=validate.OneOf(["running", "finished", "cancelled"]))
    done = fields.Integer(required=True)
    total = fields.Integer(required=True)
    game = fields.String(required=True)
    name = fields.String(allow_none=True, required=True)
    format = fields.String(required=True, validate=validate.OneOf(["round_robin", "gauntlet", "swiss"]))
    entrants = fields.List(fields.String(), required=True)


class TournamentList(Schema):
    """GET /tournaments: a page, newest first."""

    tournaments = fields.List(fields.Nested(TournamentListItem), required=True)
    next_cursor = fields.String(allow_none=True, required=True)


class TournamentMatchesQuery(Schema):
    """GET /tournaments/{id}/matches query."""

    cursor = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_COUNTER),
                            metadata={"description": "the first match index (next_cursor of the last page)"})
    limit = fields.Integer(load_default=50, validate=validate.Range(min=1, max=200))


class TournamentMatches(Schema):
    """A page of match records (seating, outcome, moves, CPU; the seed and replay reference once
    the tournament has ended)."""

    matches = fields.List(fields.Dict(), required=True)
    next_cursor = fields.Integer(allow_none=True, required=True)
