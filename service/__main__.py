"""`python -m service`: the development server (make run uses gunicorn + gevent instead)."""

from . import create_app

if __name__ == "__main__":
    create_app().run(host="127.0.0.1", port=8000, threaded=True)
