/** An answer as a candidate reads it: "B", "a) Đúng · b) Sai …", "-1,5", or "Chưa trả lời". */
export type AnswerValue = string | (string | boolean | null)[] | null;

const STATEMENTS = ['a', 'b', 'c', 'd'];

export function answerText(type: string, answer: AnswerValue): string {
  if (answer === null || (typeof answer === 'string' && answer === '')) return 'Chưa trả lời';
  if (type === 'true_false' && Array.isArray(answer)) {
    if (answer.every((value) => value === null)) return 'Chưa trả lời';
    return answer
      .map((value, index) => `${STATEMENTS[index]}) ${value === true ? 'Đúng' : value === false ? 'Sai' : '—'}`)
      .join(' · ');
  }
  return Array.isArray(answer) ? answer.filter((value) => value !== null).join(', ') : answer;
}
