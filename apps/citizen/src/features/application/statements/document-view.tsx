import { documentDateText, type DocumentModel } from './document-model';

/** A statement as the citizen reads it before it becomes a picture: the same blocks the picture draws. */
export function DocumentView({ model }: { model: DocumentModel }) {
  let question = 0;
  return (
    <article className="hall-statement-doc" aria-label={model.title}>
      <h2 className="hall-statement-doc__title">{model.title}</h2>
      {model.blocks.map((block, index) => {
        if (block.kind === 'field')
          return (
            <p key={index} className="hall-statement-doc__field">
              <span>{block.label}：</span>
              {block.value}
            </p>
          );
        if (block.kind === 'paragraph')
          return (
            <p key={index} className="hall-statement-doc__paragraph">
              {block.text}
            </p>
          );
        question += 1;
        return (
          <div key={index} className="hall-statement-doc__qa">
            <p className="hall-statement-doc__question">
              问{question}：{block.question}
            </p>
            <p className="hall-statement-doc__answer">答：{block.answer}</p>
          </div>
        );
      })}
      <div className="hall-statement-doc__signers">
        {(model.signers.length ? model.signers : [{ name: '', image: '' }]).map((signer, index) => (
          <div key={index} className="hall-statement-doc__signer">
            <span>{model.signLabel}：</span>
            {signer.image ? (
              <img src={signer.image} alt={`${signer.name}的签名`} className="hall-statement-doc__signature" />
            ) : (
              <span className="hall-statement-doc__unsigned">{signer.name ? `${signer.name}（未签字）` : '＿＿＿＿＿＿'}</span>
            )}
          </div>
        ))}
      </div>
      <p className="hall-statement-doc__date">日期：{documentDateText(model)}</p>
    </article>
  );
}
