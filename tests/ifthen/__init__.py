"""If Then engine tests."""
