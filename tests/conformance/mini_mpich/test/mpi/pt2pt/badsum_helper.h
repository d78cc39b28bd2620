int wrong_answer(void);
