"""What a worker accepts from Redis: our own job functions only, and job data that cannot run code.

Anyone who can write to the queues' Redis can enqueue a job; RQ would import and call whatever
function it names (`os.system`) and unpickle whatever bytes it carries (a pickle can run code while
it is loaded). So a worker here reads jobs with `SafeSerializer` (pickle's format, but loading
refuses every class and function reference: our jobs carry plain JSON-like values only) and runs
them as `SafeJob`, which refuses any function outside service.jobs.JOB_FUNCTIONS before importing
it. A refused job fails cleanly (FAILED, with the reason) and nothing of it runs.
"""

from rq.job import Job

from service.jobs import JOB_FUNCTIONS, SafeSerializer

__all__ = ["RefusedJob", "SafeJob", "SafeSerializer"]


class RefusedJob(Exception):
    """A job whose function is not one of ours."""


class SafeJob(Job):
    """A job that imports its function only when the function is on our allow-list."""

    @property
    def func(self):
        name = self.func_name
        if name not in JOB_FUNCTIONS:
            raise RefusedJob(f"refused: {name!r} is not one of this service's job functions")
        return super().func
